package io.cardgen.gateway.job;

import io.cardgen.common.error.ErrorCode;
import io.cardgen.common.error.Messages;
import io.cardgen.common.request.GenerationRequest;
import io.cardgen.common.wire.CardSpec;
import io.cardgen.common.wire.PhotoRef;
import io.cardgen.common.wire.WireJson;
import io.cardgen.gateway.auth.Account;
import io.cardgen.gateway.photo.PhotoIntake;
import io.cardgen.gateway.plan.Plan;
import io.cardgen.gateway.reply.ReplyProperties;
import io.cardgen.gateway.reply.ReplyWaiter;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Accepting a generation request (spec §3, first row): plan checks, photo intake, the idempotency
 * decision, then one statement that records the job and reserves its credit, then publishing.
 * Photos are stored before the transaction so that a refused request leaves nothing behind but the
 * objects it deletes again, and a stored job never points at a missing photo.
 */
@Component
public class JobSubmission {

  private static final Logger log = LoggerFactory.getLogger(JobSubmission.class);

  private final JobRepository jobs;
  private final PhotoIntake photos;
  private final JobPublisher publisher;
  private final ReplyWaiter replies;
  private final ReplyProperties replyProperties;
  private final Clock clock;

  JobSubmission(
      JobRepository jobs,
      PhotoIntake photos,
      JobPublisher publisher,
      ReplyWaiter replies,
      ReplyProperties replyProperties,
      Clock clock) {
    this.replies = replies;
    this.replyProperties = replyProperties;
    this.jobs = jobs;
    this.photos = photos;
    this.publisher = publisher;
    this.clock = clock;
  }

  /** A key for a request that brought none: never the client's, so never used before. */
  public static String serverKey() {
    return "srv-" + UUID.randomUUID();
  }

  /**
   * @param key the client's key, or one from {@link #serverKey()}
   * @param fromClient whether the client chose {@code key}; a server key needs no look for an
   *     earlier job
   * @param origin when the request arrived, for the job's place in the workers' queues ({@link
   *     io.cardgen.common.wire.JobOrigin})
   */
  public Submission submit(
      Account account,
      Plan plan,
      GenerationRequest request,
      String key,
      boolean fromClient,
      long origin) {
    Optional<JobSnapshot> earlier =
        fromClient ? jobs.findByKey(account.id(), key) : Optional.empty();
    if (earlier.isPresent()) {
      return underUsedKey(earlier.get(), request, key);
    }
    PlanPolicy.Decision decision = PlanPolicy.apply(request, plan, account.apiRevision());
    if (decision instanceof PlanPolicy.Refused refused) {
      return new Submission.Refused(refused.code(), refused.message(), key);
    }
    PhotoIntake.Intake intake = photos.prepare(request.photos(), account.id());
    if (intake instanceof PhotoIntake.Intake.Rejected rejected) {
      return new Submission.Refused(ErrorCode.IMAGE_INVALID, rejected.message(), key);
    }
    List<PhotoIntake.IncomingPhoto> incoming = ((PhotoIntake.Intake.Accepted) intake).photos();
    String fingerprint = fingerprint(request, incoming);
    // As read at authentication: refuses the common case before any photo reaches storage. The
    // reservation in start() is what really guards the balance against racing requests.
    if (account.balance() - account.reserved() < 1) {
      return noCredit(account, fingerprint, key);
    }
    CardSpec spec = ((PlanPolicy.Allowed) decision).spec();
    return start(account, spec, incoming, fingerprint, key, origin);
  }

  /**
   * 403 {@code insufficient_credits}, unless the key was taken meanwhile: a retry racing its first
   * request finds the credit held by that request, and must be told what the key's state is (409
   * while it runs, then the card), not a refusal a client takes as final.
   */
  private Submission noCredit(Account account, String fingerprint, String key) {
    return jobs.findByKey(account.id(), key)
        .map(earlier -> replayOf(earlier, fingerprint, key))
        .orElseGet(() -> refused(ErrorCode.INSUFFICIENT_CREDITS, key));
  }

  /**
   * Spec §3: a used key is answered by its state, not by what the plan allows today: a deleted card
   * 410, other fields 409 {@code idempotency_conflict}, a job still running 409 {@code
   * generation_in_progress}, the same fields the earlier result, even if the plan lost an option
   * meanwhile. So the plan's checks (403, 422) are for new keys only.
   */
  private Submission underUsedKey(JobSnapshot earlier, GenerationRequest request, String key) {
    // Only the photos' identities are needed to compare: judging its links' hosts would resolve
    // every one of them, however many the body holds, for an answer that does not use it.
    PhotoIntake.Intake intake = photos.prepareForLater(request.photos());
    // A photo refused here is not the earlier request's, whose photos all passed the same
    // decoding: the fields differ.
    boolean sameFields =
        intake instanceof PhotoIntake.Intake.Accepted accepted
            && earlier.fingerprint().equals(fingerprint(request, accepted.photos()));
    return replay(earlier, sameFields, key);
  }

  private static String fingerprint(
      GenerationRequest request, List<PhotoIntake.IncomingPhoto> incoming) {
    return Fingerprint.of(
        request, incoming.stream().map(PhotoIntake.IncomingPhoto::identity).toList());
  }

  private Submission start(
      Account account,
      CardSpec spec,
      List<PhotoIntake.IncomingPhoto> incoming,
      String fingerprint,
      String key,
      long origin) {
    UUID jobId = UUID.randomUUID();
    List<PhotoRef> refs = photos.store(jobId, incoming);
    NewJob job =
        new NewJob(jobId, account.id(), key, fingerprint, WireJson.write(spec.withPhotos(refs)));
    JobRepository.Recording recording;
    try {
      recording = jobs.insertReserving(job, clock.instant());
    } catch (RuntimeException notRecorded) {
      if (InsertFailure.surelyNotRecorded(notRecorded)) {
        // No row names these photos, so no retention would ever remove them.
        photos.discard(refs);
      } else {
        // Perhaps recorded, its answer lost: the sweeper would publish a job whose photos are
        // gone. Kept, they are orphans at worst, for the bucket's lifecycle rule (ADR 0057).
        log.warn(
            "Job {} may be recorded although its insert failed, its photos kept: {}",
            jobId,
            notRecorded.toString());
      }
      throw notRecorded;
    }
    if (recording == JobRepository.Recording.RECORDED) {
      CompletableFuture<ReplyWaiter.Wake> reply =
          replies.register(jobId, replyProperties.timeout());
      publisher.publish(jobId, key, origin, refs.size());
      return new Submission.Started(jobId, key, reply);
    }
    photos.discard(refs);
    return recording == JobRepository.Recording.KEY_TAKEN
        ? replayOf(jobs.findByKey(account.id(), key).orElseThrow(), fingerprint, key)
        : noCredit(account, fingerprint, key);
  }

  private Submission replayOf(JobSnapshot earlier, String fingerprint, String key) {
    return replay(earlier, earlier.fingerprint().equals(fingerprint), key);
  }

  private Submission replay(JobSnapshot earlier, boolean sameFields, String key) {
    if (earlier.optionalCard().map(StoredCard::deleted).orElse(false)) {
      return refused(ErrorCode.RESULT_DELETED, key);
    }
    if (!sameFields) {
      return refused(ErrorCode.IDEMPOTENCY_CONFLICT, key);
    }
    if (!earlier.state().isFinal()) {
      return refused(ErrorCode.GENERATION_IN_PROGRESS, key);
    }
    // The retry may come in the moment between the worker's commit and its wait for the disk.
    jobs.awaitDurable();
    return new Submission.Replayed(earlier, key);
  }

  private static Submission refused(ErrorCode code, String key) {
    return new Submission.Refused(code, Messages.of(code), key);
  }

  /**
   * Re-reads a job after waiting for it. A job found finished after a wake that was not its
   * worker's reply (a timeout) is answered only once it is on disk, as the reply would have been.
   */
  public JobSnapshot current(UUID jobId, ReplyWaiter.Wake wake) {
    JobSnapshot job = jobs.findById(jobId).orElseThrow();
    if (wake != ReplyWaiter.Wake.ANNOUNCED && job.state().isFinal()) {
      jobs.awaitDurable();
    }
    return job;
  }
}
