/**
 * What callers of the search engine see (SPEC R6): the documents they index, the request
 * and its query context, the ranked answer, and the code point order of R6.6. JDK only.
 */
package io.quiver.query.search.api;
