package io.quiver.edge.console;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.quiver.edge.catalog.CatalogEntry;
import io.quiver.edge.catalog.CatalogService;
import io.quiver.edge.connection.Connected;
import io.quiver.edge.connection.ConnectionService;
import io.quiver.edge.member.MemberService;
import io.quiver.query.access.Caller;
import io.quiver.query.access.Permission;
import io.quiver.query.connection.api.ConnectionSummary;
import io.quiver.query.member.api.MemberSummary;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * {@code /console/connections}: list, connect with a credential, relabel, refresh, revoke
 * the grant, delete (SPEC R13 {@code connections}). A credential goes from the form to
 * the vault through the service; it is never shown, logged or sent back to the browser
 * (the page shows the grant's type and status only).
 */
@Controller
class ConsoleConnectionController {

	private static final String PAGE = "/console/connections";

	private final ConsoleCallers callers;

	private final ConnectionService connections;

	private final CatalogService catalog;

	private final MemberService members;

	ConsoleConnectionController(ConsoleCallers callers, ConnectionService connections, CatalogService catalog,
			MemberService members) {
		this.callers = callers;
		this.connections = connections;
		this.catalog = catalog;
		this.members = members;
	}

	@GetMapping(PAGE)
	String list(Model model) {
		Caller caller = this.callers.current();
		List<ConnectionSummary> connections = this.connections.list(caller);
		model.addAttribute("connections", connections);
		model.addAttribute("toolCounts", this.connections.toolCounts(caller, connections));
		List<CatalogEntry> connectors = caller.holds(Permission.CATALOG_READ) ? this.catalog.browse(caller, null)
				: List.of();
		model.addAttribute("connectors", connectors);
		model.addAttribute("owners", owners(caller));
		return "console/connections";
	}

	@PostMapping(PAGE)
	String connect(@RequestParam(defaultValue = "") String connector, @RequestParam(defaultValue = "") String label,
			@RequestParam(required = false) String owner, @ModelAttribute CredentialForm credential,
			RedirectAttributes flash) {
		Connected[] created = new Connected[1];
		String page = Actions.run(flash, PAGE, "Connected " + label.strip() + ".",
				() -> created[0] = this.connections.create(this.callers.current(), connector.strip(), label.strip(),
						credential.toJson(), (owner != null && !owner.isBlank()) ? owner.strip() : null));
		// an OAuth connector: on to the provider, whose answer comes back to the callback
		return (created[0] != null && created[0].authorizationUrl() != null)
				? "redirect:" + created[0].authorizationUrl() : page;
	}

	@PostMapping(PAGE + "/{connection}/label")
	String relabel(@PathVariable String connection, @RequestParam(defaultValue = "") String label,
			RedirectAttributes flash) {
		return Actions.run(flash, PAGE, "Relabeled to " + label.strip() + ".",
				() -> this.connections.relabel(this.callers.current(), connection, label.strip()));
	}

	@PostMapping(PAGE + "/{connection}/refresh")
	String refresh(@PathVariable String connection, @ModelAttribute CredentialForm credential,
			RedirectAttributes flash) {
		return Actions.run(flash, PAGE, "Refreshed.",
				() -> this.connections.refresh(this.callers.current(), connection, credential.toJson()));
	}

	@PostMapping(PAGE + "/{connection}/revoke-grant")
	String revokeGrant(@PathVariable String connection, RedirectAttributes flash) {
		return Actions.run(flash, PAGE, "Grant revoked.",
				() -> this.connections.revokeGrant(this.callers.current(), connection));
	}

	@PostMapping(PAGE + "/{connection}/delete")
	String delete(@PathVariable String connection, RedirectAttributes flash) {
		return Actions.run(flash, PAGE, "Deleted.", () -> this.connections.delete(this.callers.current(), connection));
	}

	/** Member id → subject, for the owner column; only what the role may read. */
	private Map<String, String> owners(Caller caller) {
		Map<String, String> owners = new HashMap<>();
		if (caller.holds(Permission.MEMBERS_READ)) {
			for (MemberSummary member : this.members.list(caller)) {
				owners.put(member.memberId(), member.subject());
			}
		}
		owners.put(caller.memberId(), caller.subject());
		return owners;
	}

	/**
	 * A credential as the form writes it: a type ({@code none}, {@code bearer},
	 * {@code header}, {@code basic}) and the fields of that type.
	 */
	record CredentialForm(String credentialType, String token, String headerName, String headerValue, String username,
			String password) {

		ObjectNode toJson() {
			if (this.credentialType == null || this.credentialType.isBlank() || this.credentialType.equals("none")) {
				return null;
			}
			ObjectNode credential = JsonNodeFactory.instance.objectNode();
			credential.put("type", this.credentialType);
			switch (this.credentialType) {
				case "bearer" -> put(credential, "token", this.token);
				case "header" -> {
					put(credential, "name", this.headerName);
					put(credential, "value", this.headerValue);
				}
				case "basic" -> {
					put(credential, "username", this.username);
					put(credential, "password", this.password);
				}
				default -> {
				}
			}
			return credential;
		}

		private static void put(ObjectNode credential, String field, String value) {
			if (value != null && !value.isEmpty()) {
				credential.put(field, value);
			}
		}

		@Override
		public String toString() {
			return "CredentialForm[" + this.credentialType + "]";
		}

	}

}
