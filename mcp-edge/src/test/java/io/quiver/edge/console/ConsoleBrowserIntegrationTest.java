package io.quiver.edge.console;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import io.quiver.support.Mcp;
import io.quiver.support.HeadlessChromium;
import io.quiver.support.QuiverIntegrationTest;
import io.quiver.support.Rest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Cookie;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The console in a real browser: Debian's Chromium, headless, driven by Selenium through
 * chromedriver. Stories: an admin invites a member, connects an account for them, adds a
 * restriction and sees the member's surface change; an auditor filters the trail,
 * verifies the chain and exports it, and cannot reach a write action; a POST without its
 * CSRF token is refused. Screenshots of the main pages are written to
 * {@code quiver.screenshots.dir} (default {@code target/screenshots}; the README's are
 * made with {@code -Dquiver.screenshots.dir=../docs/screenshots}). Skipped when Chromium
 * or chromedriver is not installed ({@code .ci/run} installs them).
 */
class ConsoleBrowserIntegrationTest extends QuiverIntegrationTest {

	private static HeadlessChromium chromium;

	private static WebDriver browser;

	private static Path screenshots;

	private WebDriverWait wait;

	@BeforeAll
	static void startBrowser() throws IOException {
		assumeTrue(HeadlessChromium.available(),
				"Chromium and chromedriver are not installed: apt-get install -y chromium chromium-driver");
		chromium = HeadlessChromium.start();
		browser = chromium.driver();
		screenshots = Path.of(System.getProperty("quiver.screenshots.dir", "target/screenshots"));
		Files.createDirectories(screenshots);
	}

	@AfterAll
	static void stopBrowser() {
		if (chromium != null) {
			chromium.close();
		}
	}

	@BeforeEach
	void freshSession() {
		this.wait = new WebDriverWait(browser, Duration.ofSeconds(30));
		browser.get(baseUrl() + "/console/sign-in");
		browser.manage().deleteAllCookies();
	}

	@Test
	void anAdminInvitesConnectsRestrictsAndSeesTheSurfaceChange() {
		String org = this.organizations.create("console");
		signIn(org, "owner");
		screenshot("overview");

		inviteAlice();
		connectNotionForAlice();
		Instant beforeRestriction = Instant.now();
		Surface before = surfaceOf("alice");
		assertThat(before.shape()).isEqualTo("collapsed");
		assertThat(before.page()).contains("notion-alice__search_pages");
		searchAsAlice();
		screenshot("surface");

		blockNotionForAlice();
		Surface after = surfaceOf("alice");
		assertThat(after.shape()).isEqualTo("flat");
		assertThat(after.count()).isLessThan(before.count());
		assertThat(after.page()).doesNotContain("notion-alice__search_pages");

		explainForAlice();
		curateAToolbox(org);
		replayAsOfBeforeTheRestriction(beforeRestriction);
		visitTheOtherPages();
	}

	@Test
	void anAuditorFiltersTheTrailVerifiesTheChainAndCannotWrite() {
		String org = this.organizations.create("console-audit");
		Rest owner = rest(org, "owner");
		owner.post("/api/v1/members", Map.of("subject", "alice", "role", "MEMBER"));
		owner.post("/api/v1/members", Map.of("subject", "ada", "role", "AUDITOR"));
		aliceCallsTools(org);

		signIn(org, "ada");
		open("/console/audit");
		assertThat(rows("#trail tbody tr")).hasSizeGreaterThanOrEqualTo(4);

		filterTrail("", "denied");
		List<WebElement> denied = rows("#trail tbody tr");
		assertThat(denied).isNotEmpty()
			.allSatisfy((row) -> assertThat(row.getAttribute("data-outcome")).isEqualTo("denied"));
		assertThat(denied)
			.anySatisfy((row) -> assertThat(row.getAttribute("data-tool")).isEqualTo("quiver__members__list"));

		filterTrail("quiver__connections__list", "");
		assertThat(rows("#trail tbody tr")).hasSize(1)
			.allSatisfy((row) -> assertThat(row.getAttribute("data-tool")).isEqualTo("quiver__connections__list"));

		filterTrail("", "");
		browser.findElement(By.id("verify-chain")).click();
		this.wait.until(ExpectedConditions.presenceOfElementLocated(By.id("verification")));
		assertThat(browser.findElement(By.id("verification")).getText()).contains("chain intact");
		assertThat(browser.getPageSource()).doesNotContain("value-never-stored");
		screenshot("audit");

		exportsTheTrailThroughTheSession();
		cannotReachAWriteAction(org);
	}

	@Test
	void aPostWithoutItsCsrfTokenIsRefused() {
		String org = this.organizations.create("console-csrf");
		signIn(org, "owner");
		ConsoleHttp forged = new ConsoleHttp(baseUrl()).withSessionCookie("JSESSIONID", sessionCookie());

		HttpResponse<String> post = forged.post("/console/members", Map.of("subject", "eve", "role", "OWNER"));

		assertThat(post.statusCode()).isEqualTo(403);
		assertThat(post.body()).contains("CSRF");
		assertThat(rest(org, "owner").get("/api/v1/members/eve").status()).isEqualTo(404);
	}

	// --- the admin's story

	private void inviteAlice() {
		open("/console/members");
		browser.findElement(By.id("invite-subject")).sendKeys("alice");
		new Select(browser.findElement(By.id("invite-role"))).selectByValue("MEMBER");
		submit(By.id("invite"));
		assertThat(notice()).contains("Invited alice");
		assertThat(browser.findElement(By.cssSelector("#members tr[data-subject='alice']")).getText())
			.contains("MEMBER", "ACTIVE");
		screenshot("members");
	}

	private void connectNotionForAlice() {
		open("/console/connections");
		new Select(browser.findElement(By.id("connect-connector"))).selectByValue("notion");
		browser.findElement(By.id("connect-label")).sendKeys("notion-alice");
		browser.findElement(By.id("connect-owner")).sendKeys("alice");
		new Select(browser.findElement(By.id("credential-type"))).selectByValue("bearer");
		browser.findElement(By.id("credential-token")).sendKeys("secret_never_shown_123");
		submit(By.id("connect"));
		assertThat(notice()).contains("Connected notion-alice");
		WebElement row = browser.findElement(By.cssSelector("#connections tr[data-label='notion-alice']"));
		assertThat(row.getText()).contains("notion", "alice", "ACTIVE");
		assertThat(browser.getPageSource()).doesNotContain("secret_never_shown_123");
		screenshot("connections");
	}

	private Surface surfaceOf(String member) {
		open("/console/surface");
		new Select(browser.findElement(By.id("surface-member"))).selectByValue(member);
		submit(By.id("show-surface"));
		assertThat(browser.findElement(By.id("surface-bytes")).getText()).endsWith("bytes");
		assertThat(browser.findElement(By.id("surface-tokens")).getText()).contains("tokens");
		return new Surface(Integer.parseInt(browser.findElement(By.id("surface-count")).getText()),
				browser.findElement(By.id("surface-shape")).getText(), browser.findElement(By.id("page")).getText());
	}

	private void searchAsAlice() {
		browser.findElement(By.id("search-query")).sendKeys("search notion pages for Tokyo");
		submit(By.id("search-button"));
		WebElement first = browser.findElement(By.cssSelector("#search-hits tbody tr"));
		assertThat(first.getAttribute("data-tool")).isEqualTo("notion-alice__search_pages");
		assertThat(Double.parseDouble(first.findElement(By.cssSelector(".score")).getText())).isPositive();
		assertThat(first.getText()).contains("search", "pages");
		assertThat(browser.findElement(By.id("search-set-aside")).getText()).contains("Tokyo");
	}

	private void blockNotionForAlice() {
		open("/console/restrictions");
		browser.findElement(By.id("restriction-target")).sendKeys("user:alice");
		browser.findElement(By.id("restriction-block")).sendKeys("connector:notion");
		submit(By.id("add-restriction"));
		assertThat(notice()).contains("Restriction created for user:alice");
		assertThat(browser.findElement(By.cssSelector("#restrictions tr[data-target='user:alice']")).getText())
			.contains("connector:notion", "pin notion");
	}

	private void explainForAlice() {
		open("/console/restrictions?member=alice&tool=notion-alice__search_pages");
		WebElement result = browser.findElement(By.id("explain-result"));
		assertThat(result.getText()).contains("withheld by restriction", "connector:notion");
		screenshot("restrictions");
	}

	private void curateAToolbox(String org) {
		Rest owner = rest(org, "owner");
		for (String label : List.of("notion-legal", "notion-marketing")) {
			owner.post("/api/v1/connections", Map.of("connector", "notion", "label", label, "credential",
					Map.of("type", "bearer", "token", "secret_" + label)));
		}
		open("/console/toolboxes");
		browser.findElement(By.id("toolbox-name")).sendKeys("legal");
		submit(By.id("create-toolbox"));
		WebElement toolbox = browser.findElement(By.cssSelector("[data-toolbox='legal']"));
		toolbox.findElement(By.tagName("summary")).click();
		WebElement entry = toolbox.findElement(By.cssSelector("form.add-entry"));
		entry.findElement(By.name("operation")).sendKeys("notion.search_pages");
		entry.findElement(By.name("connectionLabels")).sendKeys("notion-legal, notion-marketing");
		entry.findElement(By.name("frozen")).sendKeys("{\"filter\": {\"property\": \"object\", \"value\": \"page\"}}");
		entry.findElement(By.cssSelector("button[type=submit]")).click();
		this.wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#notice, #flash-error")));
		assertThat(notice()).isEqualTo("Entry added.");
		toolbox = browser.findElement(By.cssSelector("[data-toolbox='legal']"));
		toolbox.findElement(By.tagName("summary")).click();
		toolbox.findElement(By.cssSelector("form.grant-form input[name=target]")).sendKeys("role:ADMIN");
		submit(By.cssSelector("[data-toolbox='legal'] form.grant-form button[type=submit]"));
		assertThat(notice()).isEqualTo("Granted to role:ADMIN.");
		String listed = browser.findElement(By.cssSelector("[data-toolbox='legal']")).getText();
		assertThat(listed).contains("legal__search_pages", "merged · 2 accounts", "notion-legal", "notion-marketing",
				"filter=", "role:ADMIN");
		screenshot("toolboxes");
	}

	private void replayAsOfBeforeTheRestriction(Instant beforeRestriction) {
		open("/console/compliance?member=alice&at=" + beforeRestriction + "&from=" + beforeRestriction);
		assertThat(browser.findElement(By.id("reachable")).getText()).contains("notion-alice__search_pages");
		assertThat(browser.findElement(By.id("diff")).getText()).contains("Lost", "notion-alice__search_pages");
		assertThat(browser.findElement(By.id("history")).getText()).contains("user:alice", "owner");
		screenshot("compliance");
	}

	private void visitTheOtherPages() {
		open("/console/catalog");
		assertThat(browser.findElement(By.cssSelector("#catalog tr[data-connector='notion']")).getText())
			.contains("Notion");
		assertThat(browser.findElements(By.id("register-form"))).hasSize(1);
		screenshot("catalog");
		open("/console/settings");
		assertThat(browser.findElement(By.id("collapse-threshold")).getText()).isEqualTo("30");
		screenshot("settings");
	}

	// --- the auditor's story

	private void aliceCallsTools(String org) {
		try (Mcp alice = mcp(org, "alice")) {
			assertThat(alice.call("quiver__connections__list", Map.of()).isError()).isFalse();
			assertThat(alice.call("quiver__members__list", Map.of()).isError()).isTrue();
			assertThat(alice.call("quiver__connections__get", Map.of("connection", "value-never-stored")).isError())
				.isTrue();
			assertThat(alice.call("no_such_tool", Map.of()).isError()).isTrue();
		}
	}

	private void filterTrail(String tool, String outcome) {
		WebElement toolField = browser.findElement(By.id("filter-tool"));
		toolField.clear();
		toolField.sendKeys(tool);
		new Select(browser.findElement(By.id("filter-outcome"))).selectByValue(outcome);
		submit(By.id("apply-filters"));
	}

	private void exportsTheTrailThroughTheSession() {
		ConsoleHttp session = new ConsoleHttp(baseUrl()).withSessionCookie("JSESSIONID", sessionCookie());
		HttpResponse<String> csv = session
			.get(browser.findElement(By.id("export-csv")).getAttribute("href").substring(baseUrl().length()));
		assertThat(csv.statusCode()).isEqualTo(200);
		assertThat(csv.headers().firstValue("Content-Type"))
			.hasValueSatisfying((type) -> assertThat(type).startsWith("text/csv"));
		assertThat(csv.body()).startsWith("seq,entryId,at,").doesNotContain("value-never-stored");
		assertThat(csv.body().lines().count()).isGreaterThanOrEqualTo(5);
		HttpResponse<String> jsonl = session.get("/console/audit/export?format=jsonl&outcome=denied");
		assertThat(jsonl.statusCode()).isEqualTo(200);
		assertThat(jsonl.body().lines()).isNotEmpty().allSatisfy((line) -> assertThat(line).contains("\"denied\""));
	}

	private void cannotReachAWriteAction(String org) {
		open("/console/members");
		assertThat(browser.findElements(By.id("invite-form"))).isEmpty();
		assertThat(browser.findElement(By.id("members")).getText()).doesNotContain("Suspend", "Remove");
		open("/console/restrictions");
		assertThat(browser.findElements(By.id("restriction-form"))).isEmpty();
		open("/console/connections");
		assertThat(browser.findElements(By.id("connect-form"))).isEmpty();

		Object status = ((JavascriptExecutor) browser).executeAsyncScript("""
				const done = arguments[arguments.length - 1];
				const token = document.querySelector('meta[name="_csrf"]').content;
				fetch('/console/members', {method: 'POST', redirect: 'manual',
					headers: {'Content-Type': 'application/x-www-form-urlencoded'},
					body: 'subject=mallory&role=OWNER&_csrf=' + encodeURIComponent(token)})
				  .then((response) => done(response.status), (error) => done(String(error)));
				""");
		assertThat(status).isEqualTo(403L);
		assertThat(rest(org, "owner").get("/api/v1/members/mallory").status()).isEqualTo(404);
	}

	// --- the browser

	private void signIn(String org, String subject) {
		open("/console/sign-in");
		WebElement form = browser.findElement(By.id("dev-sign-in"));
		form.findElement(By.id("subject")).sendKeys(subject);
		WebElement organization = form.findElement(By.id("organization"));
		organization.clear();
		organization.sendKeys(org);
		submit(By.id("sign-in"));
		assertThat(browser.findElement(By.id("signed-in-as")).getText()).contains(subject);
	}

	private void open(String path) {
		browser.get(baseUrl() + path);
		this.wait.until(ExpectedConditions.presenceOfElementLocated(By.tagName("h1")));
	}

	private void submit(By button) {
		WebElement old = browser.findElement(By.tagName("html"));
		browser.findElement(button).click();
		this.wait.until((driver) -> replaced(old));
		this.wait.until(ExpectedConditions.presenceOfElementLocated(By.tagName("h1")));
	}

	/**
	 * Whether the page holding this element has been replaced. Chromium sometimes reports
	 * a node of the replaced document as an inspector error instead of a stale element.
	 */
	private static boolean replaced(WebElement old) {
		try {
			old.isEnabled();
			return false;
		}
		catch (StaleElementReferenceException ex) {
			return true;
		}
		catch (WebDriverException ex) {
			if (ex.getMessage() != null && ex.getMessage().contains("does not belong to the document")) {
				return true;
			}
			throw ex;
		}
	}

	private String notice() {
		List<WebElement> error = browser.findElements(By.id("flash-error"));
		assertThat(error).as("no refusal").isEmpty();
		return browser.findElement(By.id("notice")).getText();
	}

	private List<WebElement> rows(String selector) {
		return browser.findElements(By.cssSelector(selector));
	}

	private String sessionCookie() {
		Cookie cookie = browser.manage().getCookieNamed("JSESSIONID");
		assertThat(cookie).as("signed-in session cookie").isNotNull();
		return cookie.getValue();
	}

	/** A full-page screenshot, at most 2400 pixels tall. */
	private static void screenshot(String name) {
		Dimension window = browser.manage().window().getSize();
		JavascriptExecutor script = (JavascriptExecutor) browser;
		long chrome = (Long) script.executeScript("return window.outerHeight - window.innerHeight");
		long height = (Long) script.executeScript("return document.documentElement.scrollHeight");
		browser.manage().window().setSize(new Dimension(1280, (int) (Math.min(2400, Math.max(800, height)) + chrome)));
		try {
			byte[] png = ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES);
			Files.write(screenshots.resolve(name + ".png"), png);
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
		finally {
			browser.manage().window().setSize(window);
		}
	}

	private record Surface(int count, String shape, String page) {
	}

}
