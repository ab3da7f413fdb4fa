package io.cardgen.gateway.batch;

import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletRequestEvent;
import jakarta.servlet.ServletRequestListener;
import org.springframework.stereotype.Component;

/**
 * Gives a results stream's slot back when its request ends, however it ends. The stream's body
 * gives it back when it has run; but Spring cancels a body that has not started when the request
 * times out or its client goes while it waits for a thread, and a body never starts when the
 * executor refuses it. Without this, each such request would keep its slot until the gateway
 * restarts, and enough of them answer that account 429, or everyone 503. The container ends every
 * request, asynchronous or not, with {@link #requestDestroyed}; a slot closes once however often it
 * is closed.
 */
@Component
class ResultStreamRelease implements ServletRequestListener {

  private static final String ATTRIBUTE = ResultStreamRelease.class.getName() + ".slot";

  /** Ties {@code slot} to {@code request}: it is given back when the request ends at the latest. */
  static void onEnd(ServletRequest request, ResultStreams.Slot slot) {
    request.setAttribute(ATTRIBUTE, slot);
  }

  @Override
  public void requestDestroyed(ServletRequestEvent event) {
    if (event.getServletRequest().getAttribute(ATTRIBUTE) instanceof ResultStreams.Slot slot) {
      slot.close();
    }
  }
}
