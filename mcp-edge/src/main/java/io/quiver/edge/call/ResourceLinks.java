package io.quiver.edge.call;

import java.text.ParseException;

import javax.crypto.SecretKey;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.nimbusds.jose.EncryptionMethod;
import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWEAlgorithm;
import com.nimbusds.jose.JWEHeader;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.crypto.DirectDecrypter;
import com.nimbusds.jose.crypto.DirectEncrypter;
import com.nimbusds.jwt.EncryptedJWT;
import com.nimbusds.jwt.JWTClaimsSet;
import io.quiver.command.connection.vault.VaultKey;
import io.quiver.query.access.Caller;
import org.springframework.stereotype.Component;

/**
 * The resource links Quiver hands out (SPEC R12.8). A {@code resource_link} a connected
 * tool returns names a resource of that tool's upstream; before the result leaves, Quiver
 * replaces its {@code uri} with one of its own, {@value #SCHEME}{@code <JWE>}: the
 * upstream URI sealed together with the caller (organisation, member, subject), the tool
 * (its stable key) and the connection the call reached, as a JWE (direct AES-256-GCM,
 * Nimbus JOSE) under a key derived from the vault key ({@link VaultKey#resourceLinkKey}),
 * so every node opens it. A {@code resources/read} of such a URI is opened here, and then
 * goes through the gates of the tool that returned it ({@link ToolCallPipeline#read}).
 * <p>
 * Why sealed and not recorded: the upstream URI is part of a tool result, and results are
 * never stored (R10.2); a sealed link needs no table, no write on the call path and no
 * clean-up, and any node can serve it. A forged, altered or truncated URI does not
 * decrypt, and another caller's link names another member: both open to nothing. A link
 * does not expire by itself; it is only as good as the caller's current right to call the
 * tool on that connection, which every read checks afresh (R9).
 */
@Component
public class ResourceLinks {

	/** How every URI of a link Quiver hands out begins. */
	public static final String SCHEME = "quiver://links/";

	private static final JOSEObjectType TYPE = new JOSEObjectType("quiver-resource-link+jwt");

	private static final JWEHeader HEADER = new JWEHeader.Builder(JWEAlgorithm.DIR, EncryptionMethod.A256GCM).type(TYPE)
		.build();

	private final SecretKey key;

	public ResourceLinks(VaultKey vaultKey) {
		this.key = vaultKey.resourceLinkKey();
	}

	/**
	 * The content blocks with every {@code resource_link} URI sealed for this caller,
	 * tool and connection; the other blocks as they are.
	 * @param content the blocks of a connected tool's result (already redacted)
	 */
	ArrayNode seal(Caller caller, String toolKey, String connectionId, ArrayNode content) {
		ArrayNode sealed = content.arrayNode(content.size());
		for (JsonNode block : content) {
			if (block instanceof ObjectNode link && "resource_link".equals(link.path("type").asText())
					&& link.path("uri").isTextual()) {
				ObjectNode copy = link.deepCopy();
				copy.put("uri", seal(new Link(caller.orgId(), caller.memberId(), caller.subject(), toolKey,
						connectionId, link.path("uri").textValue())));
				sealed.add(copy);
			}
			else {
				sealed.add(block);
			}
		}
		return sealed;
	}

	/**
	 * The contents of a read, the linked resource's own under the link's URI (the one the
	 * caller knows it by); other entries as they are.
	 */
	ArrayNode relabel(ArrayNode contents, Link link, String linkUri) {
		ArrayNode relabelled = contents.arrayNode(contents.size());
		for (JsonNode entry : contents) {
			if (entry instanceof ObjectNode object && link.uri().equals(object.path("uri").asText(null))) {
				relabelled.add(object.deepCopy().put("uri", linkUri));
			}
			else {
				relabelled.add(entry);
			}
		}
		return relabelled;
	}

	/**
	 * The link a URI seals when it is one Quiver gave this caller; null for anything else
	 * (another caller's, forged, altered, not Quiver's).
	 */
	Link open(Caller caller, String uri) {
		if (uri == null || !uri.startsWith(SCHEME)) {
			return null;
		}
		try {
			EncryptedJWT jwt = EncryptedJWT.parse(uri.substring(SCHEME.length()));
			JWEHeader header = jwt.getHeader();
			if (!JWEAlgorithm.DIR.equals(header.getAlgorithm())
					|| !EncryptionMethod.A256GCM.equals(header.getEncryptionMethod())
					|| !TYPE.equals(header.getType())) {
				return null;
			}
			jwt.decrypt(new DirectDecrypter(this.key));
			JWTClaimsSet claims = jwt.getJWTClaimsSet();
			Link link = new Link(claims.getStringClaim("org"), claims.getStringClaim("mem"), claims.getSubject(),
					claims.getStringClaim("tool"), claims.getStringClaim("con"), claims.getStringClaim("uri"));
			return link.of(caller) ? link : null;
		}
		catch (ParseException | JOSEException | RuntimeException ex) {
			// the URI is the caller's input: Nimbus also throws unchecked exceptions on
			// some
			// malformed headers (a NullPointerException for one without "enc")
			return null;
		}
	}

	private String seal(Link link) {
		JWTClaimsSet claims = new JWTClaimsSet.Builder().subject(link.subject())
			.claim("org", link.orgId())
			.claim("mem", link.memberId())
			.claim("tool", link.toolKey())
			.claim("con", link.connectionId())
			.claim("uri", link.uri())
			.build();
		EncryptedJWT jwt = new EncryptedJWT(HEADER, claims);
		try {
			jwt.encrypt(new DirectEncrypter(this.key));
		}
		catch (JOSEException ex) {
			throw new IllegalStateException("AES-256-GCM is not available in this JVM", ex);
		}
		return SCHEME + jwt.serialize();
	}

	/**
	 * What a link binds: whose it is, the tool and connection that returned it, and the
	 * upstream's own URI.
	 */
	record Link(String orgId, String memberId, String subject, String toolKey, String connectionId, String uri) {

		/** Whether it is this caller's, and names a tool, a connection and a URI. */
		boolean of(Caller caller) {
			return caller.orgId().equals(this.orgId) && caller.memberId().equals(this.memberId)
					&& caller.subject().equals(this.subject) && this.toolKey != null && this.connectionId != null
					&& this.uri != null;
		}

	}

}
