/**
 * The oversell demo launcher and its load generator. Plain classes with no Spring annotations:
 * they ship in the application jar but component scanning registers nothing from here, and the
 * application never calls them.
 */
package io.github.distlock.sample.demo;
