/**
 * The access model: who is calling, the role → permission table, the OAuth scope ladder
 * and the control-plane operations with the permission and classification of each (SPEC
 * R2, R3, R13).
 */
package io.quiver.query.access;
