package io.github.distlock.interceptor;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Future;

import io.github.distlock.annotation.LeaderOnly;
import org.jspecify.annotations.Nullable;
import org.springframework.aop.support.AopUtils;
import org.springframework.core.BridgeMethodResolver;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.annotation.AnnotationUtils;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

/**
 * Finds the {@code @LeaderOnly} methods of a class, once per class when its bean is created,
 * validates them (an invalid one fails start-up naming the method), and keeps the names of the
 * elections they use, so that the process joins them when the application starts.
 */
public class LeaderOnlySource {

	private static final Map<Method, LeaderOnlyMethod> NONE = Map.of();

	private final Map<Class<?>, Map<Method, LeaderOnlyMethod>> methods = new ConcurrentHashMap<>();

	private final Set<String> elections = ConcurrentHashMap.newKeySet();

	/**
	 * Whether a method carries {@code @LeaderOnly}.
	 * @param method the method
	 * @param targetClass the target class
	 * @return whether calls to it run on the leader only
	 */
	public boolean isLeaderOnly(Method method, @Nullable Class<?> targetClass) {
		return find(method, targetClass) != null;
	}

	/**
	 * The names of the elections of the {@code @LeaderOnly} methods found so far.
	 * @return the election names
	 */
	public Set<String> electionNames() {
		return Set.copyOf(this.elections);
	}

	@Nullable LeaderOnlyMethod find(Method method, @Nullable Class<?> targetClass) {
		Class<?> userClass = ClassUtils.getUserClass((targetClass != null) ? targetClass : method.getDeclaringClass());
		Map<Method, LeaderOnlyMethod> found = this.methods.computeIfAbsent(userClass, this::scan);
		if (found.isEmpty()) {
			return null;
		}
		LeaderOnlyMethod leaderOnly = found.get(method);
		if (leaderOnly == null) {
			leaderOnly = found.get(BridgeMethodResolver.findBridgedMethod(AopUtils.getMostSpecificMethod(method, userClass)));
		}
		return leaderOnly;
	}

	private Map<Method, LeaderOnlyMethod> scan(Class<?> targetClass) {
		if (!AnnotationUtils.isCandidateClass(targetClass, LeaderOnly.class)) {
			return NONE;
		}
		Map<Method, LeaderOnlyMethod> found = new ConcurrentHashMap<>();
		for (Method method : ReflectionUtils.getUniqueDeclaredMethods(targetClass, ReflectionUtils.USER_DECLARED_METHODS)) {
			LeaderOnly annotation = method.isBridge() ? null
					: AnnotatedElementUtils.findMergedAnnotation(method, LeaderOnly.class);
			if (annotation != null) {
				found.put(method, create(method, targetClass, annotation));
			}
		}
		found.values().forEach((leaderOnly) -> this.elections.add(leaderOnly.election()));
		return found.isEmpty() ? NONE : found;
	}

	private static LeaderOnlyMethod create(Method method, Class<?> targetClass, LeaderOnly annotation) {
		String description = LockOperation.describe(method, targetClass);
		if (annotation.value().isBlank()) {
			throw new IllegalStateException("@LeaderOnly on " + description + " names no election: "
					+ "give it a name, such as @LeaderOnly(\"reports\")");
		}
		int modifiers = method.getModifiers();
		if (Modifier.isStatic(modifiers) || Modifier.isPrivate(modifiers)) {
			throw new IllegalStateException("@LeaderOnly on " + description + " has no effect: a "
					+ (Modifier.isStatic(modifiers) ? "static" : "private")
					+ " method is not called through the bean's proxy");
		}
		Class<?> returnType = method.getReturnType();
		if (Future.class.isAssignableFrom(returnType) || CompletionStage.class.isAssignableFrom(returnType)) {
			throw new IllegalStateException("@LeaderOnly on " + description + " returns " + returnType.getName()
					+ ": leadership would no longer be checked when the asynchronous work runs");
		}
		SkipValue skipValue = SkipValue.forMethod(method, description, "@LeaderOnly",
				"as it is returned where the process does not lead");
		return new LeaderOnlyMethod(annotation.value(), skipValue);
	}

	/**
	 * A {@code @LeaderOnly} method: its election, and what it returns where it is skipped.
	 */
	record LeaderOnlyMethod(String election, SkipValue skipValue) {
	}

}
