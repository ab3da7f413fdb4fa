import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.util.Random;
import javax.imageio.ImageIO;

/**
 * Writes a JPEG of the given size to stdout, shaped like a product photo for the codec: smooth
 * gradients with fine noise, so it compresses like a real photo (≈ 100 KB at 1024×768) rather than
 * like a flat test image. Deterministic. Run with the JDK alone:
 *
 * <pre>java scripts/bench/PhotoGen.java 1024 768 > photo.jpg</pre>
 */
public class PhotoGen {

  public static void main(String[] args) throws Exception {
    int width = Integer.parseInt(args[0]);
    int height = Integer.parseInt(args[1]);
    BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
    Random noise = new Random(1);
    for (int y = 0; y < height; y++) {
      for (int x = 0; x < width; x++) {
        int level = (int) (128 + 60 * Math.sin(x / 37.0) + 40 * Math.cos(y / 23.0));
        int value = Math.max(0, Math.min(255, level + noise.nextInt(30)));
        image.setRGB(x, y, (value << 16) | ((255 - value) << 8) | ((value * 3) & 255));
      }
    }
    ByteArrayOutputStream jpeg = new ByteArrayOutputStream();
    ImageIO.write(image, "jpg", jpeg);
    System.out.write(jpeg.toByteArray());
    System.out.flush();
  }
}
