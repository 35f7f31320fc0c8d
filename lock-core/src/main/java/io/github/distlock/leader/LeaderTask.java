package io.github.distlock.leader;

/**
 * What a participant of a selector-mode election does while it leads: leadership ends when it
 * returns, and the participant queues again. It runs on the election's thread, which is
 * interrupted when leadership is revoked.
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
