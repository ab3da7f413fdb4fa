package io.cardgen.gateway.web;

import jakarta.servlet.http.HttpServletRequest;
import java.util.List;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.MediaType;
import org.springframework.web.accept.ContentNegotiationStrategy;
import org.springframework.web.accept.HeaderContentNegotiationStrategy;
import org.springframework.web.context.request.NativeWebRequest;
import org.springframework.web.servlet.config.annotation.ContentNegotiationConfigurer;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * The public API answers JSON whatever {@code Accept} says. Negotiating would only let an answer be
 * refused with 406 after the work behind it was done — after a card was generated and its credit
 * charged — or be written as XML because a converter happens to be on the class path. Endpoints
 * that produce another type (NDJSON) still match: the list ends with {@code *}{@code /*}. The
 * management port keeps ordinary negotiation, which Prometheus scrapers rely on.
 */
@Configuration(proxyBeanMethods = false)
class JsonAnswers implements WebMvcConfigurer {

  static final List<MediaType> PUBLIC_TYPES = List.of(MediaType.APPLICATION_JSON, MediaType.ALL);

  @Override
  public void configureContentNegotiation(ContentNegotiationConfigurer configurer) {
    configurer.strategies(List.of(new PublicJsonStrategy()));
  }

  private static final class PublicJsonStrategy implements ContentNegotiationStrategy {

    private final HeaderContentNegotiationStrategy header = new HeaderContentNegotiationStrategy();

    @Override
    public List<MediaType> resolveMediaTypes(NativeWebRequest request)
        throws org.springframework.web.HttpMediaTypeNotAcceptableException {
      HttpServletRequest servlet = request.getNativeRequest(HttpServletRequest.class);
      if (servlet != null && new RequestPath(servlet.getRequestURI()).management()) {
        return header.resolveMediaTypes(request);
      }
      return PUBLIC_TYPES;
    }
  }
}
