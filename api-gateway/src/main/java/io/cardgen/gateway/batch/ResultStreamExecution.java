package io.cardgen.gateway.batch;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.concurrent.ThreadPoolTaskExecutor;
import org.springframework.web.servlet.config.annotation.AsyncSupportConfigurer;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Results streams write on threads of their own, one per stream the gateway allows ({@link
 * ResultStreamProperties#maxStreams}). Spring MVC would run them on the application executor, which
 * also re-reads every synchronous card's job when its reply comes; on platform threads (Java 17)
 * that executor has 8 threads, and a stream blocks its thread while its client reads slowly, so
 * eight slow downloads held every card answer of the gateway. Streams are the only asynchronous
 * bodies Spring MVC runs here: card answers use the servlet's own asynchronous context, and the
 * results endpoint's refusals are written at once ({@link ImmediateAnswer}), never queued here.
 */
@Configuration(proxyBeanMethods = false)
class ResultStreamExecution implements WebMvcConfigurer, DisposableBean {

  private final ThreadPoolTaskExecutor streams;

  ResultStreamExecution(ResultStreamProperties properties) {
    streams = new ThreadPoolTaskExecutor();
    streams.setThreadNamePrefix("results-stream-");
    // The slots bound the streams. A stream queues here only behind a body still writing after
    // its request timed out (its slot is free then), until the connection's write times out.
    streams.setCorePoolSize(properties.maxStreams());
    streams.setMaxPoolSize(properties.maxStreams());
    streams.setAllowCoreThreadTimeOut(true);
    streams.setDaemon(true);
    streams.initialize();
  }

  @Override
  public void configureAsyncSupport(AsyncSupportConfigurer configurer) {
    configurer.setTaskExecutor(streams);
  }

  // Not a bean of its own: an Executor bean would stand in for Spring Boot's application executor.
  @Override
  public void destroy() {
    streams.shutdown();
  }
}
