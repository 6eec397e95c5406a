/** The review form's limits (the page's maxlength and the server's check alike). */
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_NAME_MAX = 100;
