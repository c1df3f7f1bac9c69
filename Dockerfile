# Builds and runs Quiver. Used by docker-compose.yml; `docker build .` works alone too.
FROM eclipse-temurin:17-jdk AS build
WORKDIR /src
COPY . .
RUN ./mvnw -B -q -DskipTests package

FROM eclipse-temurin:17-jre
RUN useradd --system --uid 10001 quiver && mkdir -p /data && chown quiver /data
USER quiver
WORKDIR /app
COPY --from=build /src/mcp-edge/target/quiver.jar /app/quiver.jar
ENV AXONIQ_UPDATE_CHECKER_DISABLED=true QUIVER_DATA_DIR=/data
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s CMD wget -qO- http://localhost:8080/actuator/health || exit 1
ENTRYPOINT ["java", "-jar", "/app/quiver.jar"]
