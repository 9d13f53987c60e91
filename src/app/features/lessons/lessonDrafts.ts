/** Which lesson each loaded draft came from, by draft id (for captures and the lesson card). */
export const lessonDrafts = new Map<string, string>();
