# Builds and runs Quiver. Used by docker-compose.yml; `docker build .` works alone too.
# Base images are pinned to exact versions: bump them on purpose (the JDK's quarterly update),
# and add an @sha256 digest where a build must be reproducible to the byte.
FROM eclipse-temurin:17.0.16_8-jdk-noble AS build
WORKDIR /src
COPY . .
RUN ./mvnw -B -q -DskipTests package

FROM eclipse-temurin:17.0.16_8-jre-noble
RUN groupadd --system --gid 10001 quiver && useradd --system --uid 10001 --gid quiver quiver \
    && mkdir -p /data && chown quiver:quiver /data
USER 10001:10001
WORKDIR /app
COPY --from=build /src/mcp-edge/target/quiver.jar /app/quiver.jar
ENV AXONIQ_UPDATE_CHECKER_DISABLED=true QUIVER_DATA_DIR=/data JAVA_OPTS="-XX:MaxRAMPercentage=75"
EXPOSE 8080
# Ready: caught up with the event store and not shutting down (docs/operations.md, "Probes").
HEALTHCHECK --interval=10s --timeout=3s --start-period=120s CMD wget -qO- http://localhost:8080/actuator/health/readiness || exit 1
# exec: java is PID 1 and receives SIGTERM itself, so a stop drains (server.shutdown=graceful).
ENTRYPOINT ["sh", "-c", "exec java $JAVA_OPTS -jar /app/quiver.jar \"$@\"", "quiver"]
