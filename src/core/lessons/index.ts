/**
 * Lessons: one request per convention against the sandbox, with what it teaches and what
 * to look at in the answer. Pure data plus placeholder expansion.
 */
export * from './lesson';
export { LESSONS, lessonById } from './lessons';
export { LESSON_EXPIRED_TOKEN, LESSON_OTHER_AUDIENCE_TOKEN } from './authLessons';
export { lessonCaptures, lessonToDraft } from './lessonDraft';
export { CHECK_LESSONS, CHECKS_TOKEN_VARIABLE } from './checkLessons';
