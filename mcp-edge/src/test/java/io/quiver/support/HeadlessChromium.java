package io.quiver.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.springframework.util.FileSystemUtils;

/**
 * Debian's Chromium, headless, driven by Selenium through chromedriver, with a profile of
 * its own; closed with its profile. {@link #available()} tells whether both are installed
 * ({@code .ci/run} installs them).
 */
public final class HeadlessChromium implements AutoCloseable {

	private static final Path CHROMIUM = Path.of("/usr/bin/chromium");

	private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

	private final WebDriver driver;

	private final Path profile;

	private HeadlessChromium(WebDriver driver, Path profile) {
		this.driver = driver;
		this.profile = profile;
	}

	public static boolean available() {
		return Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER);
	}

	/**
	 * Closes what a browser test started, skipping what was never started (a test skipped
	 * before it, or a start that failed).
	 */
	public static void closeAll(AutoCloseable... started) throws Exception {
		for (AutoCloseable resource : started) {
			if (resource != null) {
				resource.close();
			}
		}
	}

	public static HeadlessChromium start() throws IOException {
		Path profile = Files.createTempDirectory("quiver-chromium");
		ChromeOptions options = new ChromeOptions();
		options.setBinary(CHROMIUM.toFile());
		options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
				"--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
				"--user-data-dir=" + profile, "--window-size=1280,900", "--force-device-scale-factor=1");
		ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
			.usingAnyFreePort()
			.build();
		WebDriver driver = new ChromeDriver(service, options);
		driver.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(60));
		return new HeadlessChromium(driver, profile);
	}

	public WebDriver driver() {
		return this.driver;
	}

	@Override
	public void close() {
		this.driver.quit();
		FileSystemUtils.deleteRecursively(this.profile.toFile());
	}

}
