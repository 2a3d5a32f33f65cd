/**
 * Stands in for `re2js` in the browser build. Firestore bundles it only to evaluate regular
 * expressions in its Pipelines API (LIKE, regex_contains, regex_match), which this app does not use;
 * Firestore calls it inside a try and reports a failed expression. Leaving it out takes about 20 KB
 * (gzip) off every member's first load.
 */
export const RE2JS = {
  compile(): never {
    throw new Error('Regular expressions in Firestore pipelines are not part of this app.');
  },
};
