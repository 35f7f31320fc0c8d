package io.github.distlock.sample;

import java.time.Instant;

/**
 * A recorded purchase.
 *
 * @param id the order id
 * @param goodsNo the goods number
 * @param fencingToken the fencing token of the lock the purchase held, or {@code null} for an
 * unlocked purchase
 * @param createdAt when the order was recorded
 * @param remainingStock the stock this purchase wrote
 */
public record Order(long id, long goodsNo, Long fencingToken, Instant createdAt, int remainingStock) {
}
