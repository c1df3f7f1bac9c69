package io.quiver.query.search;

import io.quiver.query.search.api.SearchResult;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * R6.14: a query whose only words matching a tool are generic verbs, its other words
 * matching nothing, is answered empty.
 */
class GenericVerbTest {

	private static SearchFixture stripe() {
		return new SearchFixture().tool("stripe__create_customer", "Create a customer; a request to the API")
			.tool("stripe__create_payment_link", "Create a payment link")
			.tool("stripe__list_invoices", "List invoices")
			.tool("stripe__get_balance", "Get the balance of the account");
	}

	@Test
	void onlyAGenericVerbMatchingIsAnEmptyAnswerNamingTheWords() {
		SearchResult result = stripe().search("create a pull request");

		assertThat(result.hits()).isEmpty();
		assertThat(result.message()).contains("only the generic verb create")
			.contains("pull, request matched none of their names");
	}

	@Test
	void argumentValuesCountAsWordsMatchingNothing() {
		SearchResult result = stripe().search("get the weather forecast for Berlin");

		assertThat(result.hits()).isEmpty();
		assertThat(result.message()).contains("generic verb get");
	}

	@Test
	void aGenericVerbWithTheObjectOfATool() {
		assertThat(SearchFixture.keys(stripe().search("create a payment link"))).first()
			.isEqualTo("stripe__create_payment_link");
		// the beginning of a name token names the object too
		assertThat(SearchFixture.keys(stripe().search("list the invoice"))).first().isEqualTo("stripe__list_invoices");
	}

	@Test
	void aGenericVerbAloneIsStillSearched() {
		assertThat(SearchFixture.keys(stripe().search("create"))).contains("stripe__create_customer",
				"stripe__create_payment_link");
		assertThat(SearchFixture.keys(stripe().search("list 10"))).first().isEqualTo("stripe__list_invoices");
	}

	@Test
	void aConnectorNamedBesideTheVerbIsNotGeneric() {
		assertThat(SearchFixture.keys(stripe().search("list stripe everything"))).isNotEmpty();
	}

}
