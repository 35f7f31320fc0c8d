package io.github.distlock.zookeeper;

/**
 * Identifies a recipe: the lock path and the kind of recipe that serves it.
 */
record RecipeKey(String path, RecipeKind kind) {
}
