/**
 * The libraries the first screen runs on, evaluated before the app's own code (main.tsx):
 * two main-thread tasks of about half the length instead of one long one (issue 31 item 4).
 */
import 'react';
import 'react-dom/client';
import 'react/jsx-runtime';
import 'zustand';
import '@tanstack/react-query';
import '@codemirror/state';
import '@codemirror/view';
