/**
 * The toolbox directory read model.
 */
package io.quiver.query.toolbox;
