package io.github.distlock.zookeeper;

import java.util.List;

import io.github.distlock.test.contract.SharedCounterJob;
import org.apache.curator.framework.CuratorFramework;

import static io.github.distlock.ZooKeeperTestSupport.connectedClient;

/**
 * One separate process of the cross-process contract test on ZooKeeper: connects a
 * {@link ZookeeperLockRegistry} and runs a {@link SharedCounterJob}.
 * <p>
 * Arguments: connect string, lock root path, then the job's arguments.
 */
public final class ZooKeeperCounterWorker {

	private ZooKeeperCounterWorker() {
	}

	public static void main(String[] args) throws Exception {
		SharedCounterJob job = SharedCounterJob.fromArguments(List.of(args).subList(2, args.length));
		try (CuratorFramework client = connectedClient(args[0]);
				ZookeeperLockRegistry registry = new ZookeeperLockRegistry(client, new ZnodeLockPathResolver(args[1]))) {
			job.run(registry);
		}
	}

}
