package io.cardgen.worker.webhook;

import java.net.InetAddress;
import java.net.UnknownHostException;

/** Name resolution, injectable so tests can make a name point elsewhere between two attempts. */
@FunctionalInterface
interface HostResolver {

  HostResolver SYSTEM = InetAddress::getAllByName;

  InetAddress[] resolve(String host) throws UnknownHostException;
}
