package io.github.distlock.sample;

/**
 * The goods do not exist or are not active.
 */
public class GoodsNotFoundException extends RuntimeException {

	public GoodsNotFoundException(long goodsNo) {
		super("Goods " + goodsNo + " not found or not active");
	}

}
