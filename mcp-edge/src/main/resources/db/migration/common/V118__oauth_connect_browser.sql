-- An authorization in flight is bound to the browser that opened Quiver's start link
-- (SPEC R4.5): the start link sets a cookie holding a 256-bit nonce, and only its SHA-256
-- is kept here; the callback is refused without the matching cookie.
ALTER TABLE oauth_connect_state ADD COLUMN browser_hash VARCHAR(64);
