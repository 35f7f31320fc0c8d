package io.github.distlock.campaign;

import java.nio.file.Path;
import java.util.Map;

/**
 * A lock service the campaign runs on ({@code -Dcampaign.backend}): how the orchestrator starts
 * its cluster, and how a worker process connects to it.
 */
enum Backend {

	ZOOKEEPER {

		@Override
		ClusterUnderTest start(Path dir) throws Exception {
			return ZooKeeperClusterUnderTest.start(dir);
		}

		@Override
		WorkerClient connect(Map<String, String> args) throws Exception {
			return new ZooKeeperWorkerClient(args);
		}

	},

	ETCD {

		@Override
		ClusterUnderTest start(Path dir) throws Exception {
			return EtcdClusterUnderTest.start();
		}

		@Override
		WorkerClient connect(Map<String, String> args) {
			return new EtcdWorkerClient(args);
		}

	};

	/** Starts the servers, in the run's directory where they keep files. */
	abstract ClusterUnderTest start(Path dir) throws Exception;

	/** Connects a worker process, as its arguments say. */
	abstract WorkerClient connect(Map<String, String> args) throws Exception;

	/** The name used in properties, arguments and directories. */
	String id() {
		return name().toLowerCase();
	}

	static Backend of(String id) {
		return valueOf(id.trim().toUpperCase());
	}

}
