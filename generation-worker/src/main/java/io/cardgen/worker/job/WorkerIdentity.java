package io.cardgen.worker.job;

import java.util.UUID;
import org.springframework.stereotype.Component;

/** The name this worker writes into the leases it holds; unique per process. */
@Component
class WorkerIdentity {

  private final String id;

  WorkerIdentity(WorkerProperties properties) {
    String configured = properties.workerId();
    this.id =
        configured == null || configured.isBlank()
            ? "worker-" + UUID.randomUUID()
            : configured + "-" + UUID.randomUUID().toString().substring(0, 8);
  }

  String id() {
    return id;
  }
}
