// tsyringe needs the Reflect metadata polyfill before any container is used.
import 'reflect-metadata';
