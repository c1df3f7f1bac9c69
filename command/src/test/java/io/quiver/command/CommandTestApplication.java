package io.quiver.command;

import org.springframework.boot.SpringBootConfiguration;

/**
 * The configuration root the command module's Spring test slices find
 * ({@code @JdbcTest}). It scans nothing: each test imports the lookup table it exercises.
 */
@SpringBootConfiguration
public class CommandTestApplication {

}
