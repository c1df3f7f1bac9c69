package io.quiver.edge.console;

import java.util.List;
import java.util.stream.Collectors;

import io.quiver.command.restriction.api.RestrictionItem;
import org.springframework.stereotype.Component;

/**
 * Small formatting helpers the templates call as {@code @consoleViews}.
 */
@Component("consoleViews")
public class ConsoleViews {

	/** Restriction items as written, one per line (what the edit form posts back). */
	public String lines(List<RestrictionItem> items) {
		if (items == null) {
			return "";
		}
		return items.stream().map(RestrictionItem::written).collect(Collectors.joining("\n"));
	}

	/** A score rounded for display. */
	public String score(double score) {
		return String.format(java.util.Locale.ROOT, "%.3f", score);
	}

}
