package io.github.distlock.leader;

/**
 * What a participant of a selector-mode election does while it leads: leadership ends when it
 * returns, and the participant queues again. It runs on a thread of the election, which is
 * interrupted when leadership is revoked; the election's lock is kept until it returns, so a
 * task that ignores the interrupt delays the next leader rather than run beside it.
 */
@FunctionalInterface
public interface LeaderTask {

	/**
	 * Leads.
	 * @param leadership the term
	 * @throws Exception ends the term like a return (it is logged)
	 */
	void lead(Leadership leadership) throws Exception;

}
