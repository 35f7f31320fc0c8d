package io.github.distlock.sample.race;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * The race page's API: start a race, and read it while it runs.
 */
@RestController
@RequestMapping("/race")
public class RaceController {

	private final RaceRunner runner;

	public RaceController(RaceRunner runner) {
		this.runner = runner;
	}

	@PostMapping("/runs")
	public ResponseEntity<RaceView> start(@RequestBody RaceRequest request) {
		if (!this.runner.start(request)) {
			return ResponseEntity.status(HttpStatus.CONFLICT).body(this.runner.current());
		}
		return ResponseEntity.status(HttpStatus.ACCEPTED).body(this.runner.current());
	}

	@GetMapping("/runs/current")
	public RaceView current() {
		return this.runner.current();
	}

}
