@account
Feature: The welcome after logging in

  @smoke @url:/login
  Scenario: The products page greets the user
    When I type "demo" into Username
    And I type "{{PASSWORD}}" into Password
    And I click Log in
    Then I should see "Welcome back, demo"
    And I should be on /products
