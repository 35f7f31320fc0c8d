/**
 * Certificates for tests of TLS connections to real servers.
 */
@NullMarked
package io.github.distlock.test.tls;

import org.jspecify.annotations.NullMarked;
