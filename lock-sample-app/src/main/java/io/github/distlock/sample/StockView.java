package io.github.distlock.sample;

/**
 * The state of an item.
 *
 * @param goodsNo the goods number
 * @param stock the stock left
 * @param sold the number of orders recorded
 */
public record StockView(long goodsNo, int stock, long sold) {
}
