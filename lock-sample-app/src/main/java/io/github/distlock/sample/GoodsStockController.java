package io.github.distlock.sample;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The goods-stock API.
 */
@RestController
@RequestMapping("/goods-stock/{goodsNo}")
public class GoodsStockController {

	private final GoodsStockService service;

	public GoodsStockController(GoodsStockService service) {
		this.service = service;
	}

	/** Locked, fenced purchase: 200 order, 404, 409 sold out, 423 lock not had in time, 503 ZooKeeper down. */
	@PostMapping("/purchase")
	public Order purchase(@PathVariable long goodsNo) {
		return this.service.purchase(goodsNo);
	}

	/** The same purchase without the lock: oversells under concurrency. */
	@PostMapping("/purchase-unlocked")
	public Order purchaseUnlocked(@PathVariable long goodsNo) {
		return this.service.purchaseUnlocked(goodsNo);
	}

	@GetMapping
	public StockView get(@PathVariable long goodsNo) {
		return this.service.get(goodsNo);
	}

	/** Creates or resets the item: the stock, fence 0, orders cleared. */
	@PutMapping
	public StockView reset(@PathVariable long goodsNo, @RequestParam int stock,
			@RequestParam(defaultValue = "true") boolean active) {
		return this.service.reset(goodsNo, stock, active);
	}

}
