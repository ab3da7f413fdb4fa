package io.cardgen.worker.photo;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ExifOrientationTest {

  @Test
  void turnsEveryKindOfImageAsThePixelByPixelDefinitionDoes() {
    Random random = new Random(6);
    for (int type :
        new int[] {
          BufferedImage.TYPE_INT_RGB, BufferedImage.TYPE_INT_ARGB, BufferedImage.TYPE_3BYTE_BGR
        }) {
      BufferedImage image = new BufferedImage(5, 3, type);
      for (int y = 0; y < 3; y++) {
        for (int x = 0; x < 5; x++) {
          image.setRGB(x, y, random.nextInt());
        }
      }
      for (int orientation = 1; orientation <= 8; orientation++) {
        assertThat(pixels(ExifOrientation.apply(image, orientation)))
            .as("type %d, orientation %d", type, orientation)
            .isEqualTo(pixels(turnedPixelByPixel(image, orientation)));
      }
    }
  }

  @Test
  void turnsASidewaysPhotoClockwise() {
    BufferedImage image = new BufferedImage(2, 1, BufferedImage.TYPE_INT_RGB);
    image.setRGB(0, 0, 0xFF0000);
    image.setRGB(1, 0, 0x0000FF);

    BufferedImage upright = ExifOrientation.apply(image, 6);

    assertThat(upright.getWidth()).isEqualTo(1);
    assertThat(upright.getRGB(0, 0) & 0xFFFFFF).isEqualTo(0xFF0000);
    assertThat(upright.getRGB(0, 1) & 0xFFFFFF).isEqualTo(0x0000FF);
  }

  /** EXIF's definition, one pixel at a time: the implementation before rows were read in bulk. */
  private static BufferedImage turnedPixelByPixel(BufferedImage image, int orientation) {
    if (orientation == 1) {
      return image;
    }
    int width = image.getWidth();
    int height = image.getHeight();
    boolean swapsSides = orientation >= 5;
    BufferedImage turned =
        new BufferedImage(
            swapsSides ? height : width,
            swapsSides ? width : height,
            image.getColorModel().hasAlpha()
                ? BufferedImage.TYPE_INT_ARGB
                : BufferedImage.TYPE_INT_RGB);
    for (int y = 0; y < height; y++) {
      for (int x = 0; x < width; x++) {
        int rgb = image.getRGB(x, y);
        switch (orientation) {
          case 2 -> turned.setRGB(width - 1 - x, y, rgb);
          case 3 -> turned.setRGB(width - 1 - x, height - 1 - y, rgb);
          case 4 -> turned.setRGB(x, height - 1 - y, rgb);
          case 5 -> turned.setRGB(y, x, rgb);
          case 6 -> turned.setRGB(height - 1 - y, x, rgb);
          case 7 -> turned.setRGB(height - 1 - y, width - 1 - x, rgb);
          default -> turned.setRGB(y, width - 1 - x, rgb);
        }
      }
    }
    return turned;
  }

  private static String pixels(BufferedImage image) {
    StringBuilder out =
        new StringBuilder(image.getWidth() + "x" + image.getHeight() + " type " + image.getType());
    for (int y = 0; y < image.getHeight(); y++) {
      for (int x = 0; x < image.getWidth(); x++) {
        out.append(' ').append(Integer.toHexString(image.getRGB(x, y)));
      }
    }
    return out.toString();
  }
}
