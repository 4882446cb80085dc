/** Length rule of local accounts' passwords, shared by the server's password rules and the web app's hints. */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;
