package io.github.distlock.sample;

/**
 * No stock left.
 */
public class SoldOutException extends RuntimeException {

	public SoldOutException(long goodsNo) {
		super("Goods " + goodsNo + " are sold out");
	}

}
