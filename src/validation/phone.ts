/**
 * The contract's phone pattern (section 2.1), verbatim. A module of its own: the admin UI's
 * browser code formats phone numbers with it without loading the other formats' validators.
 */
export const PHONE_PATTERN = /^\+?1?[- ]?\(?([0-9]{3})\)?[- ]?([0-9]{3})-?([0-9]{4})$/
