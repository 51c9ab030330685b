import { mount } from './lifecycles';

document.body.textContent = mount();
