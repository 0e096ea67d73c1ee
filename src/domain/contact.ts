/**
 * The contact-us form's rules (POST /api/contact): the form checks them first so the visitor hears
 * sooner, and the API enforces them.
 */

/** Longest name, email address, topic and message, in characters (after trimming). */
export const CONTACT_FORM_LIMITS = { name: 100, email: 200, topic: 40, message: 5000 } as const;

/** A topic is one of the form's choices: lower-case letters, digits and hyphens, or none. */
export const CONTACT_TOPIC = /^[a-z0-9-]*$/;
