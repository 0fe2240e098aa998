/** The notification centre (the bell and its panel) and the e-mail choices of the profile. */
export const inbox = {};
