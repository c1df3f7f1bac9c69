package io.quiver.architecture;

import java.util.List;
import java.util.stream.Stream;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import io.quiver.archsample.cycle.left.Left;
import io.quiver.archsample.cycle.right.Right;
import io.quiver.command.archsample.CommandReadingQuery;
import io.quiver.edge.archsample.ControllerSendingCommands;
import io.quiver.edge.archsample.EdgeApplyingEvent;
import io.quiver.edge.archsample.EdgeLoadingAggregate;
import io.quiver.edge.archsample.EdgeNamingAggregate;
import io.quiver.edge.archsample.ToolsetReadingPolicy;
import io.quiver.query.archsample.QueryReadingEdge;
import io.quiver.query.search.archsample.SearchReadingPolicy;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The boundaries the build keeps (docs/architecture.md): each rule holds over the main
 * classes of {@code command}, {@code query} and {@code mcp-edge}, and each is shown to
 * fail on a class that breaks it ({@code io.quiver.*.archsample}, test classes only).
 */
class ArchitectureTest {

	/**
	 * The application's classes: main classes only, not this module's tests nor the test
	 * jars.
	 */
	private static JavaClasses application;

	@BeforeAll
	static void importApplication() {
		application = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
			.withImportOption((location) -> !location.contains("-tests.jar"))
			.importPackages("io.quiver");
		// all three modules are there, so no rule holds for want of classes
		assertThat(application.contain("io.quiver.command.member.Member")).isTrue();
		assertThat(application.contain("io.quiver.query.gate.ToolSurface")).isTrue();
		assertThat(application.contain("io.quiver.edge.call.ToolCallPipeline")).isTrue();
		assertThat(application.stream().map(JavaClass::getPackageName)).noneMatch((p) -> p.contains("archsample"));
	}

	static final ArchRule COMMAND_KNOWS_NEITHER_QUERY_NOR_EDGE = noClasses().that()
		.resideInAPackage("io.quiver.command..")
		.should()
		.dependOnClassesThat()
		.resideInAnyPackage("io.quiver.query..", "io.quiver.edge..")
		.because("the command side is the bottom module (SPEC R1.1)");

	static final ArchRule QUERY_DOES_NOT_KNOW_EDGE = noClasses().that()
		.resideInAPackage("io.quiver.query..")
		.should()
		.dependOnClassesThat()
		.resideInAPackage("io.quiver.edge..")
		.because("the edge depends on the query side, never the other way");

	static final ArchRule EDGE_SENDS_COMMANDS_NOT_AGGREGATES = noClasses().that()
		.resideInAPackage("io.quiver.edge..")
		.should()
		.dependOnClassesThat(DescribedPredicate.describe("aggregates, AggregateLifecycle or an Axon Repository",
				(type) -> type.isAnnotatedWith("org.axonframework.spring.stereotype.Aggregate")
						|| type.isAssignableTo("org.axonframework.modelling.command.AggregateLifecycle")
						|| type.isAssignableTo("org.axonframework.modelling.command.Repository")))
		.because("the edge changes state only by sending commands through the gateway");

	static final ArchRule NO_PACKAGE_CYCLES = slices().matching("io.quiver.(**)")
		.should()
		.beFreeOfCycles()
		.because("a package cycle is a boundary nobody can draw (.ci/package-cycles.py checks the same "
				+ "with jdeps)");

	static final ArchRule SEARCH_IS_JDK_ONLY = classes().that()
		.resideInAPackage("io.quiver.query.search..")
		.should()
		.onlyDependOnClassesThat()
		.resideInAnyPackage("java..", "io.quiver.query.search..")
		.because("the ranking is measured and tuned on its own (docs/search.md)");

	/** REST and console controllers, and the MCP side of the control plane. */
	private static final DescribedPredicate<JavaClass> CONTROLLERS_AND_TOOLS = DescribedPredicate.describe(
			"controllers and MCP tool classes",
			(type) -> type.isAnnotatedWith("org.springframework.web.bind.annotation.RestController")
					|| type.isAnnotatedWith("org.springframework.stereotype.Controller")
					|| type.isAssignableTo("io.quiver.edge.tool.ControlPlaneToolset"));

	/**
	 * What only an application service (or the call pipeline) may reach: the command and
	 * query sides past the value types of their api (its interfaces are stores, trails
	 * and gateways), Axon and JDBC. The caller and the support texts are shared by every
	 * layer.
	 */
	private static final DescribedPredicate<JavaClass> BEHIND_THE_SERVICES = resideInAnyPackage("io.quiver.command..",
			"io.quiver.query..")
		.and(DescribedPredicate
			.not(resideInAnyPackage("..api..", "io.quiver.query.access..", "io.quiver.query.support..")
				.and(DescribedPredicate.not(JavaClass.Predicates.INTERFACES))))
		.or(resideInAnyPackage("org.axonframework..", "org.springframework.jdbc..", "java.sql..", "javax.sql.."))
		.as("the command and query sides past their api's value types, Axon or JDBC");

	static final ArchRule CONTROLLERS_AND_TOOLS_CALL_SERVICES = noClasses().that(CONTROLLERS_AND_TOOLS)
		.should()
		.dependOnClassesThat(BEHIND_THE_SERVICES)
		.because("a controller or tool class turns a request into a call of its feature's application service, "
				+ "which checks access and sends the command (SPEC R13: REST and MCP are the same operation)");

	static Stream<Arguments> rules() {
		return Stream.of(
				Arguments.of("command knows neither query nor edge", COMMAND_KNOWS_NEITHER_QUERY_NOR_EDGE,
						List.of(CommandReadingQuery.class)),
				Arguments.of("query does not know the edge", QUERY_DOES_NOT_KNOW_EDGE, List.of(QueryReadingEdge.class)),
				Arguments.of("the edge sends commands, never touches an aggregate", EDGE_SENDS_COMMANDS_NOT_AGGREGATES,
						List.of(EdgeLoadingAggregate.class, EdgeApplyingEvent.class, EdgeNamingAggregate.class)),
				Arguments.of("no package cycle", NO_PACKAGE_CYCLES, List.of(Left.class, Right.class)),
				Arguments.of("search is JDK only", SEARCH_IS_JDK_ONLY, List.of(SearchReadingPolicy.class)),
				Arguments.of("controllers and tools call application services", CONTROLLERS_AND_TOOLS_CALL_SERVICES,
						List.of(ControllerSendingCommands.class, ToolsetReadingPolicy.class)));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("rules")
	void holdsForTheApplication(String title, ArchRule rule, List<Class<?>> wrong) {
		rule.check(application);
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("rules")
	void failsOnADeliberatelyWrongClass(String title, ArchRule rule, List<Class<?>> wrong) {
		JavaClasses samples = new ClassFileImporter().importClasses(wrong);
		EvaluationResult result = rule.evaluate(samples);
		assertThat(result.hasViolation()).as(title).isTrue();
		String report = result.getFailureReport().toString();
		for (Class<?> sample : wrong) {
			assertThat(report).as(title).contains(sample.getName());
		}
	}

}
