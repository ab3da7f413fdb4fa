package io.cardgen.standalone;

import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestPlan;

/**
 * Stops the {@link SharedStack} once every test class has run, registered through {@code
 * META-INF/services}: its services stop in order while the test JVM still runs normally, and what
 * they log reaches the build's output.
 */
public class SharedStackCloser implements TestExecutionListener {

  @Override
  public void testPlanExecutionFinished(TestPlan testPlan) {
    SharedStack.stop();
  }
}
