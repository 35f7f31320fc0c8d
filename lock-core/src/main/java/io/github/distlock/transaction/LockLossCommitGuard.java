package io.github.distlock.transaction;

import io.github.distlock.core.AcquiredLock;
import io.github.distlock.core.LockContext;
import io.github.distlock.core.LockLostException;
import io.github.distlock.core.LockState;
import org.springframework.transaction.TransactionExecution;
import org.springframework.transaction.TransactionExecutionListener;

/**
 * Refuses to commit a transaction while a lock held by the committing thread is not known to
 * be held: lost, or in doubt because the connection to the lock service is suspended. The transaction
 * manager then rolls back and the {@link LockLostException} reaches the caller, so that work
 * done under a lock that another process may have taken meanwhile is not committed.
 */
public class LockLossCommitGuard implements TransactionExecutionListener {

	@Override
	public void beforeCommit(TransactionExecution transaction) {
		for (AcquiredLock lock : LockContext.all()) {
			LockState state = lock.state();
			if (state == LockState.LOST || state == LockState.IN_DOUBT) {
				throw new LockLostException(lock.key(), lock.path(), "the transaction '"
						+ transaction.getTransactionName() + "' is rolled back because the lock is " + state);
			}
		}
	}

}
