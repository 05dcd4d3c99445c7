/** The main shell: header, navbar and the section shown, once a session is open. */
export { MainShell } from './main-shell';
