package io.github.distlock.sample;

/**
 * The stock row has already been written under a later (greater) fencing token: this holder's
 * lock was lost in the meantime, so its write is refused.
 */
public class FencedOffException extends RuntimeException {

	public FencedOffException(long goodsNo, long fencingToken) {
		super("Write to goods " + goodsNo + " with fencing token " + fencingToken
				+ " refused: a later lock holder has written already");
	}

}
