CREATE TABLE stock (id INT PRIMARY KEY, quantity INT NOT NULL);
INSERT INTO stock (id, quantity) VALUES (1, 0);
