package io.github.distlock.benchmark;

/**
 * Ends a process started by the harness when the harness is gone, so that no ZooKeeper server
 * or worker survives a harness killed with SIGKILL.
 */
final class ParentWatch {

	private ParentWatch() {
	}

	/**
	 * Halts this JVM as soon as its parent process exits.
	 * @param what what this process is, for the message
	 */
	static void haltWhenParentExits(String what) {
		ProcessHandle parent = ProcessHandle.current().parent().orElse(null);
		if (parent == null || !parent.isAlive()) {
			halt(what);
		}
		parent.onExit().thenRun(() -> halt(what));
	}

	private static void halt(String what) {
		System.err.println(what + ": the harness process is gone; exiting");
		Runtime.getRuntime().halt(3);
	}

}
