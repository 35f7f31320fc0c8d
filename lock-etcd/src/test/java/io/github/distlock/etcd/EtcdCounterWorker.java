package io.github.distlock.etcd;

import java.util.List;

import io.etcd.jetcd.Client;
import io.github.distlock.test.contract.SharedCounterJob;

/**
 * One separate process of the cross-process contract test on etcd: connects an
 * {@link EtcdLockRegistry} and runs a {@link SharedCounterJob}.
 * <p>
 * Arguments: endpoint, lock root path, then the job's arguments.
 */
public final class EtcdCounterWorker {

	private EtcdCounterWorker() {
	}

	public static void main(String[] args) throws Exception {
		SharedCounterJob job = SharedCounterJob.fromArguments(List.of(args).subList(2, args.length));
		try (Client client = Client.builder().endpoints(args[0]).build();
				EtcdLockRegistry registry = new EtcdLockRegistry(client, new EtcdLockPathResolver(args[1]))) {
			job.run(registry);
		}
	}

}
