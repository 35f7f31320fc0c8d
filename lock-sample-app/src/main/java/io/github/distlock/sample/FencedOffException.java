package io.github.distlock.sample;

/**
 * The stock row is claimed by a later (greater) fencing token: this holder's lock was lost in
 * the meantime, so its purchase is refused and its transaction rolled back.
 */
public class FencedOffException extends RuntimeException {

	public FencedOffException(long goodsNo, long fencingToken) {
		super("Purchase of goods " + goodsNo + " with fencing token " + fencingToken
				+ " refused: a later lock holder has claimed the stock row");
	}

}
